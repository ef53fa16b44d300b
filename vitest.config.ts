import { defineConfig } from 'vitest/config';

// Components are written against React's API. The `preact` project runs every unit test
// the way the runtime ships (React imports aliased to preact/compat, as build.mjs does);
// the `react` project runs the component tests again on real React 19.
const preactAlias = [
  { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
  { find: /^react(\/.*)?$/, replacement: 'preact/compat$1' },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: preactAlias },
        test: {
          name: 'preact',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
        },
      },
      {
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
