import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n';

/** The frame of the signed-out pages: the name, one column, no navigation. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const documentTitle = t('page.documentTitle', { title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <main className="auth" id="main">
      <Link to="/sign-in" className="brand-lg">
        {t('app.name')}
      </Link>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
