import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

// The dialog (Radix and its form) loads on first use, so pages that only show
// the button ship none of it.
const loadDialog = () => import('./booking-dialog');
const BookingDialog = lazy(loadDialog);

interface BookingButtonProps {
  /** Text of the button (also its accessible name unless children are given). */
  label: string;
  /** Path of the page the dialog is opened from, sent as the lead's `url`. */
  sourcePage?: string;
  className?: string;
  /** Optional richer content (icon + text); defaults to the label. */
  children?: ReactNode;
}

/** A button that opens the booking dialog, loading it on first interaction. */
export function BookingButton({ label, sourcePage, className, children }: BookingButtonProps) {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {children ?? label}
      </button>
      {requested && (
        <Suspense fallback={null}>
          <BookingDialog open={open} onOpenChange={setOpen} sourcePage={sourcePage} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
