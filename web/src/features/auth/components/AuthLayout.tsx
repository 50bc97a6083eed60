import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the signed-out pages: the name, one column, no navigation. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Hearth`;
  }, [title]);
  return (
    <main className="auth" id="main">
      <Link to="/sign-in" className="brand-lg">
        Hearth
      </Link>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
