import { useMemo, useState } from 'react';
import { ChatWindow } from '@/components/chat/chat-window';
import { limits } from '../config';
import { dashboardStats } from '../content/dashboard';
import { chatSeed } from '../content/chat-seed';
import { card } from './styles';

/** The Dashboard: four stat cards and the Signal AI chat panel (docs/product.md §4.3). */
export function DashboardView({ signalCount, prospectCount }: { signalCount: number; prospectCount: number }) {
  const [startedAt] = useState(() => new Date());
  const seed = useMemo(() => chatSeed(signalCount, prospectCount, startedAt), [signalCount, prospectCount, startedAt]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-white">Dashboard</h1>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {dashboardStats.map((s) => (
          <li key={s.label} className={`${card} p-4`}>
            <p className="text-sm text-slate-300">{s.label}</p>
            <p className={`mt-1 text-2xl font-bold sm:text-3xl ${s.tone}`}>{s.value}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="demo-chat-title" className={`${card} flex h-[28rem] flex-col overflow-hidden`}>
        <header className="flex items-center gap-3 border-b border-ink-700 px-4 py-3">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-emerald-400" />
          <div>
            <h2 id="demo-chat-title" className="font-semibold text-white">
              Signal AI
            </h2>
            <p className="text-xs text-emerald-300">Online, monitoring 500+ sources</p>
          </div>
        </header>
        <ChatWindow initialMessages={seed} replyDelayMs={limits.chatReplyDelayMs} className="flex-1" />
      </section>
    </div>
  );
}
