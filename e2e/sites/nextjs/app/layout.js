import Link from 'next/link';
import ThemeToggle from './theme-toggle';
import './globals.css';

export const metadata = { title: 'Broad phase, by example' };

// Applies the remembered theme before the first paint.
const rememberedTheme = "document.documentElement.classList.toggle('dark', localStorage.getItem('theme') === 'dark')";

export default function RootLayout({ children }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: rememberedTheme }} />
      </head>
      <body>
        <header>
          <Link href="/">Broad phase, by example</Link>
          <ThemeToggle />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
