import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ChatWindow } from './chat-window';
import { defaultReplies } from './default-replies';

const replies = ['Reply A', 'Reply B', 'Reply C'];

function setup(props: Parameters<typeof ChatWindow>[0] = {}) {
  render(<ChatWindow replies={replies} {...props} />);
  const input = screen.getByRole('textbox', { name: 'Message Signal AI' });
  const log = screen.getByRole('log');
  const messages = () => log.querySelectorAll('p');
  return { input, log, messages };
}

describe('ChatWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts with the AI greeting in a polite live log', () => {
    const { log, messages } = setup();
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(messages()).toHaveLength(1);
    expect(log).toHaveTextContent('Signal AI:');
  });

  it('ignores blank messages', () => {
    const { input, messages } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(messages()).toHaveLength(1);
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();
  });

  it('sends on Enter: adds the trimmed message, clears the input and shows typing', () => {
    const { input, log } = setup();
    fireEvent.change(input, { target: { value: '  Any new leads?  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(within(log).getByText('Any new leads?')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Signal AI is typing');
  });

  it('pressing Enter in the field submits the form', async () => {
    vi.useRealTimers();
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const { input, log } = setup({ replyDelayMs: 10_000 });
    await user.type(input, 'Hello{Enter}');
    expect(within(log).getByText('Hello')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('adds one random canned reply after 1500 ms', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { input, log, messages } = setup();
    fireEvent.change(input, { target: { value: 'Show me today' } });
    fireEvent.submit(input.closest('form')!);
    act(() => vi.advanceTimersByTime(1499));
    expect(messages()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(messages()).toHaveLength(3);
    expect(within(log).getByText('Reply B')).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('typing');
  });

  it('uses the given initial messages and the three default replies by default', () => {
    render(<ChatWindow initialMessages={[{ id: 'x', type: 'ai', content: 'Custom hello', timestamp: new Date() }]} />);
    expect(screen.getByRole('log')).toHaveTextContent('Custom hello');
    expect(defaultReplies).toHaveLength(3);
  });
});

describe('ChatWindow opening messages', () => {
  it('updates opening messages in place when their text changes, keeping the conversation', () => {
    vi.useFakeTimers();
    const seed = (n: number) => [{ id: 'seed', type: 'ai' as const, content: `${n} signals`, timestamp: new Date(0) }];
    const { rerender } = render(<ChatWindow initialMessages={seed(5)} replies={['R']} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'hi' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    rerender(<ChatWindow initialMessages={seed(12)} replies={['R']} />);
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('12 signals');
    expect(log).not.toHaveTextContent('5 signals');
    expect(log).toHaveTextContent('hi');
    vi.useRealTimers();
  });
});
