import { createElement } from 'react';
import { expect, it } from 'vitest';

// Guards the two-project setup itself: if the alias stopped applying (or started applying
// to the react project), both projects would silently test the same renderer.
it('runs on the renderer its vitest project names', ({ task }) => {
  const isReact19 =
    (createElement('div') as { $$typeof?: symbol }).$$typeof === Symbol.for('react.transitional.element');
  expect(isReact19).toBe(task.file.projectName === 'react');
});
