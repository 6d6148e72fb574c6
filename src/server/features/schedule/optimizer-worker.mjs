// The FSRS optimizer's thread (issue 26): fits parameters to one child's items, away from the
// thread that answers requests. Plain JavaScript so that it runs as is from the sources and from
// the build (scripts/build-server.mjs copies it beside the server bundle).
import { parentPort } from 'node:worker_threads';
import { FSRSBindingItem, FSRSBindingReview, computeParameters } from '@open-spaced-repetition/binding';

parentPort.on('message', async ({ id, items }) => {
  try {
    const train = items.map(
      (reviews) => new FSRSBindingItem(reviews.map(([rating, deltaT]) => new FSRSBindingReview(rating, deltaT))),
    );
    const parameters = await computeParameters(train, { enableShortTerm: true, numRelearningSteps: 1 });
    parentPort.postMessage({ id, parameters });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
