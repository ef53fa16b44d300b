import { InvalidOptionsError } from './errors';

/**
 * A marker attribute's JSON value: `undefined` when the attribute is empty or absent,
 * `InvalidOptionsError` when it is not valid JSON or not an object (the registry then warns
 * and leaves that one element as plain HTML, contract §3).
 */
export function jsonAttribute(el: Element, name: string): Record<string, unknown> | undefined {
  const text = el.getAttribute(name)?.trim();
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidOptionsError(`${name} holds invalid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionsError(`${name} must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}
