import { Link } from "@remix-run/react";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <p>© {new Date().getFullYear()} Patternhouse · Patterns and apparel from independent designers</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to="/terms" className="hover:text-brand-700">
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="hover:text-brand-700">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/help" className="hover:text-brand-700">
                Help
              </Link>
            </li>
            <li>
              <Link to="/become-seller" className="hover:text-brand-700">
                Sell on Patternhouse
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
