/** A dashboard figure that opens the list it counts. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function StatLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="block rounded-lg transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </Link>
  );
}
