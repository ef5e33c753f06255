import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useI18n } from '../i18n/i18n-context.tsx';
import { navigationProgress, type ProgressPhase } from './progress.ts';

/**
 * The bar along the top of the page while a navigation or a submission takes longer than
 * 200 ms (progress.ts has the states; feedback.css the easing and the red of a failure).
 */
export function NavigationProgress() {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  const phase = useSyncExternalStore(
    navigationProgress.subscribe,
    navigationProgress.getPhase,
    (): ProgressPhase => 'idle',
  );

  useEffect(() => {
    if (busy) navigationProgress.start();
    else navigationProgress.finish();
  }, [busy]);

  // The bar appears empty and then grows: one frame at its start width lets CSS ease it along.
  const visible = phase === 'running' || phase === 'finishing' || phase === 'failed';
  const [grown, setGrown] = useState(false);
  useEffect(() => {
    if (!visible) {
      setGrown(false);
      return;
    }
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() => setGrown(true));
    });
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-label={phase === 'failed' ? t('feedback.progress.failed') : t('feedback.progress.label')}
      data-phase={phase === 'running' && !grown ? 'start' : phase}
    >
      <div className="nav-progress-bar" />
    </div>
  );
}
