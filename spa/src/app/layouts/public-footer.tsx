import { Link } from 'react-router';

export function PublicFooter() {
  return (
    <footer className="mt-auto border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-gray-500 sm:flex-row sm:px-6 lg:px-8">
        <p>© {new Date().getFullYear()} RaiseSpark. All rights reserved.</p>
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link to="/help" className="hover:text-gray-900">Help Center</Link>
          <Link to="/privacy" className="hover:text-gray-900">Privacy Policy</Link>
          <Link to="/terms" className="hover:text-gray-900">Terms of Service</Link>
          <Link to="/contact-us" className="hover:text-gray-900">Contact Us</Link>
        </nav>
      </div>
    </footer>
  );
}
