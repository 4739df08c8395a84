import { fireEvent, render, screen } from '@testing-library/react';
import { ChatBubble } from './chat-bubble';

describe('ChatBubble', () => {
  it('toggles the Signal AI panel', () => {
    render(<ChatBubble />);
    const toggle = screen.getByRole('button', { name: 'Open Signal AI chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Signal AI' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close Signal AI chat');
    expect(toggle).toHaveAttribute('aria-controls', dialog.id);

    fireEvent.click(toggle);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAccessibleName('Open Signal AI chat');
  });

  it('closes with Escape and returns focus to the button', () => {
    render(<ChatBubble />);
    const toggle = screen.getByRole('button', { name: 'Open Signal AI chat' });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Start Conversation' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('Start Conversation loads the chat', async () => {
    render(<ChatBubble />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Signal AI chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Message Signal AI' })).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveTextContent("I'm Signal AI");
  });
});
