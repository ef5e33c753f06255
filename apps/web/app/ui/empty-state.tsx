import type { ReactNode } from 'react';

/** What a list says when it has nothing to show, and the way on. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}
