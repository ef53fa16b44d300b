/** Spec §5 and §8, verbatim. */
export const modalMessages = {
  noId: 'No ID has been set',
  noElement: 'No modal elements found',
  failure: 'SiteManager Modal: An error has occured.',
  unknownAction: (action: string) => `SiteManager Modal: the event "${action}" does not exist.`,
} as const;
