import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
      <h1 className="page-header__title">{title}</h1>
      {children ? <p className="page-header__text">{children}</p> : null}
    </header>
  );
}
