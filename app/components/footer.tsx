import { QuickLink } from "~/components/quick-link";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <p>© {new Date().getFullYear()} Patternhouse · Patterns and apparel from independent designers</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <QuickLink to="/terms" className="hover:text-brand-700">
                Terms &amp; Conditions
              </QuickLink>
            </li>
            <li>
              <QuickLink to="/privacy" className="hover:text-brand-700">
                Privacy Policy
              </QuickLink>
            </li>
            <li>
              <QuickLink to="/help" className="hover:text-brand-700">
                Help
              </QuickLink>
            </li>
            <li>
              <QuickLink to="/become-seller" className="hover:text-brand-700">
                Sell on Patternhouse
              </QuickLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
