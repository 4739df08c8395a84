import { nextIndex, prevIndex } from './use-carousel';

describe('carousel index', () => {
  it('moves forward and wraps from the last to the first', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(3, 5)).toBe(4);
    expect(nextIndex(4, 5)).toBe(0);
  });

  it('moves back and wraps from the first to the last', () => {
    expect(prevIndex(4, 5)).toBe(3);
    expect(prevIndex(1, 5)).toBe(0);
    expect(prevIndex(0, 5)).toBe(4);
  });
});
