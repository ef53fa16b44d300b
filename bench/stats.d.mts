export interface Summary {
  median: number;
  min: number;
  max: number;
  n: number;
}
export function summary(samples: number[]): Summary | undefined;
export function cell(s: Summary | undefined): string;
export function table(header: string[], rows: string[][]): string;
