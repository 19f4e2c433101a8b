'use client';

// The site's own light/dark toggle, as Next sites commonly do it (next-themes' way): a class on <html>, remembered.
export default function ThemeToggle() {
  const toggle = () => {
    const dark = document.documentElement.classList.toggle('dark');
    localStorage.setItem('theme', dark ? 'dark' : 'light');
  };
  return (
    <button id="theme-toggle" type="button" aria-label="Switch between dark and light" onClick={toggle}>
      ◐
    </button>
  );
}
