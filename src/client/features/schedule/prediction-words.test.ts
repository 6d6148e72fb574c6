import { describe, expect, it } from 'vitest';
import { checkSentence, predictionSentence } from './prediction-words';

describe('the plain sentence about predictions', () => {
  it('speaks of the bin with the most answers, as cards in 10', () => {
    expect(
      predictionSentence([
        { predicted: 0.74, actual: 0.7, count: 40 },
        { predicted: 0.91, actual: 0.82, count: 300 },
        { predicted: 0.97, actual: 0.99, count: 120 },
      ]),
    ).toEqual({ key: 'expect', count: 9, actual: 8, answers: 300 });
  });

  it('says the predictions fit when both round to the same cards in 10', () => {
    expect(predictionSentence([{ predicted: 0.88, actual: 0.91, count: 80 }])).toEqual({
      key: 'expectSame',
      count: 9,
      actual: 9,
      answers: 80,
    });
  });

  it('says plainly that it cannot tell yet without a bin of enough answers', () => {
    expect(predictionSentence([])).toEqual({ key: 'notYet' });
    expect(predictionSentence([{ predicted: 0.9, actual: 0.2, count: 5 }])).toEqual({ key: 'notYet' });
  });

  it('gives the check result: tuned better than standard, by how much, on how many answers', () => {
    expect(
      checkSentence({
        log_loss: { default: 0.5, tuned: 0.4 },
        rmse_bins: { default: 0.1, tuned: 0.05 },
        held_out_reviews: 240,
      }),
    ).toEqual({ key: 'better', tuned: 0.4, standard: 0.5, percent: 20, count: 240 });
    expect(
      checkSentence({
        log_loss: { default: 0.4, tuned: 0.45 },
        rmse_bins: { default: 0.05, tuned: 0.06 },
        held_out_reviews: 100,
      }),
    ).toEqual({ key: 'notBetter', tuned: 0.45, standard: 0.4, percent: 0, count: 100 });
    expect(checkSentence(null)).toBeNull();
    expect(
      checkSentence({ log_loss: { default: 0, tuned: 0 }, rmse_bins: { default: 0, tuned: 0 }, held_out_reviews: 0 }),
    ).toBeNull();
  });
});
