import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CampaignTemplate } from '../types';

/** The Email Campaign Template of one signal (Radix Dialog: focus trap, Escape, close X). */
export function CampaignModal({ campaign, onClose }: { campaign: CampaignTemplate | null; onClose: () => void }) {
  return (
    <Dialog.Root open={campaign !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-700 bg-ink-900 p-5 text-slate-200 shadow-2xl sm:p-6">
          {campaign && (
            <>
              <div className="flex items-start justify-between gap-4">
                <div>
                  <Dialog.Title className="text-lg font-bold text-white">Email Campaign Template</Dialog.Title>
                  <Dialog.Description className="mt-1 text-sm text-slate-300">
                    {campaign.title} · {campaign.responseRate} response rate
                  </Dialog.Description>
                </div>
                <Dialog.Close
                  aria-label="Close"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-ink-700 hover:text-white"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </Dialog.Close>
              </div>
              <h3 className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-400">Subject</h3>
              <p className="mt-1 rounded-lg bg-ink-800 px-3 py-2 text-sm text-white">{campaign.subject}</p>
              <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-400">Body</h3>
              <p className="mt-1 whitespace-pre-line rounded-lg bg-ink-800 px-3 py-3 text-sm leading-6">{campaign.template}</p>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
