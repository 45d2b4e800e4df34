'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { messages } from '../../lib/messages';
import { showsFeedbackTab } from './private-paths';

/** SPEC §2: the fixed side tab to /contatti, hidden on /contatti and /termini-e-condizioni. */
export function FeedbackTab() {
  const pathname = usePathname();
  if (!showsFeedbackTab(pathname)) return null;
  return (
    <Link href="/contatti" className="feedback-tab">
      {messages.feedback}
    </Link>
  );
}
