import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, type CheckedState } from './checkbox';

function box(name: string) {
  return screen.getByRole<HTMLInputElement>('checkbox', { name });
}

describe('Checkbox', () => {
  it('toggles between unchecked and checked on click', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox aria-label="Robots" onCheckedChange={onCheckedChange} />);
    const input = box('Robots');
    expect(input.checked).toBe(false);
    await userEvent.click(input);
    expect(input.checked).toBe(true);
    await userEvent.click(input);
    expect(input.checked).toBe(false);
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows indeterminate and becomes checked when clicked', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox aria-label="All" defaultChecked="indeterminate" onCheckedChange={onCheckedChange} />);
    const input = box('All');
    expect(input.indeterminate).toBe(true);
    expect(input.checked).toBe(false);
    await userEvent.click(input);
    expect(input.indeterminate).toBe(false);
    expect(input.checked).toBe(true);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('an indeterminate controlled checkbox asks to become checked', async () => {
    function Controlled() {
      const [state, setState] = useState<CheckedState>('indeterminate');
      return <Checkbox aria-label="Controlled" checked={state} onCheckedChange={setState} />;
    }
    render(<Controlled />);
    const input = box('Controlled');
    expect(input.indeterminate).toBe(true);
    await userEvent.click(input);
    expect(input.checked).toBe(true);
    expect(input.indeterminate).toBe(false);
  });

  it('blocks Enter, so it never submits its form', async () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Checkbox aria-label="Sitemap" />
        <button type="submit">Save</button>
      </form>,
    );
    const input = box('Sitemap');
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(true);
    input.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input.checked).toBe(false);
  });

  it('restores its initial value when its form is reset', async () => {
    const onCheckedChange = vi.fn();
    render(
      <form aria-label="Checklist">
        <Checkbox aria-label="Off" />
        <Checkbox aria-label="On" defaultChecked />
        <Checkbox aria-label="Mixed" defaultChecked="indeterminate" onCheckedChange={onCheckedChange} />
        <button type="reset">Reset</button>
      </form>,
    );
    await userEvent.click(box('Off'));
    await userEvent.click(box('On'));
    await userEvent.click(box('Mixed'));
    expect([box('Off').checked, box('On').checked, box('Mixed').checked]).toEqual([true, false, true]);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(box('Mixed').indeterminate).toBe(true));
    expect(box('Off').checked).toBe(false);
    expect(box('On').checked).toBe(true);
    expect(box('Mixed').checked).toBe(false);
    expect(onCheckedChange).toHaveBeenLastCalledWith('indeterminate');

    // Still a working control after the reset.
    await userEvent.click(box('Mixed'));
    expect(box('Mixed').checked).toBe(true);
  });
});
