/** Code (or strings) that a part of the page needed could not be downloaded. */
export class PartLoadError extends Error {}

/** Marks a download failure, so that LoadBoundary (components/ui/lazy.tsx) knows it and nothing else. */
export const markLoadFailure = (err: unknown): never => {
  throw new PartLoadError('Part of the page could not load', { cause: err });
};
