import { sampleLeads } from '../content/sample-leads';
import { pollWebsets, type WebsetStatus } from './poll-websets';

const [a, b] = sampleLeads;

function run(answers: (WebsetStatus | Error)[], attempts = 30) {
  const check = vi.fn(async () => {
    const next = answers.shift() ?? { status: 'running', leads: [] };
    if (next instanceof Error) throw next;
    return next;
  });
  const onError = vi.fn();
  const result = pollWebsets(['w1'], { check, attempts, intervalMs: 2000, onError });
  return { check, onError, result };
}

describe('pollWebsets', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops when complete and returns the leads', async () => {
    const { check, result } = run([
      { status: 'running', leads: [] },
      { status: 'complete', leads: [a!] },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual([a]);
    expect(check).toHaveBeenCalledTimes(2);
    expect(check).toHaveBeenCalledWith(['w1']);
  });

  it('waits 2000 ms between attempts', async () => {
    const { check } = run([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('makes 30 attempts at most and returns the last non-empty leads', async () => {
    const { check, result } = run([
      { status: 'running', leads: [a!] },
      { status: 'running', leads: [b!] },
      { status: 'running', leads: [] },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toEqual([b]);
    expect(check).toHaveBeenCalledTimes(30);
  });

  it('counts an error as an attempt and reports it', async () => {
    const boom = new Error('boom');
    const { check, onError, result } = run([boom, boom, { status: 'complete', leads: [a!] }], 3);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(result).resolves.toEqual([a]);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(boom, 1);
  });

  it('returns [] when every attempt fails', async () => {
    const { result } = run(
      Array.from({ length: 3 }, () => new Error('x')),
      3,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual([]);
  });
});
