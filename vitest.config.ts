import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// Components are written against React's API. The `preact` project runs every unit test
// the way the runtime ships (React imports aliased to preact/compat, as build.mjs does);
// the `react` project runs the component tests again on real React 19.
const preactAlias = [
  { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
  { find: /^react(\/.*)?$/, replacement: 'preact/compat$1' },
];

export default defineConfig({
  // The runtime reads its version from the build (build.mjs defines the same).
  define: { __VERSION__: JSON.stringify(version) },
  test: {
    // Three workers on two cores: vitest's default (one fewer than the CPUs) ran the files one
    // at a time here, and the long ones wait on child processes (the benchmark's quick run, the
    // packed install), not the CPU: 72 -> 49 s for the same files.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        resolve: { alias: preactAlias },
        test: {
          name: 'preact',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'happy-dom',
          include: ['tests/unit/ui/**/*.test.{ts,tsx}', 'tests/unit/controllers/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
    ],
  },
});
