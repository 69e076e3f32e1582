import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** The not-found content, also shown inside the app shell (e.g. /admin for non-administrators). */
export function NotFound() {
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-24">
      <title>Page not found | RaiseSpark</title>
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Compass className="size-7" aria-hidden />
        </span>
        <p className="mt-6 text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">Page not found</h1>
        <p className="mt-3 text-base text-gray-600">
          The page you are looking for doesn't exist or has moved. Check the address, or head back to familiar ground.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses('primary')}>Go to the home page</Link>
          <Link to="/dashboard" className={buttonClasses('secondary')}>Open the dashboard</Link>
        </div>
      </div>
    </div>
  );
}

export default function NotFoundPage() {
  return (
    <main className="flex flex-1 flex-col">
      <NotFound />
    </main>
  );
}
