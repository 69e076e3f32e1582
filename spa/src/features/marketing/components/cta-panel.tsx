import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';

/**
 * The call to action closing a public guide: a free trial for visitors, the form builder for
 * signed-in founders.
 */
export function CtaPanel({ title, text }: { title: string; text: string }) {
  const { user } = useAuth();
  return (
    <section aria-labelledby="cta-panel-title" className="mt-16 rounded-3xl bg-brand-700 px-6 py-10 text-center sm:px-10">
      <h2 id="cta-panel-title" className="text-2xl font-bold tracking-tight text-white">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-50">{text}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {user ? (
          <Link to="/forms?create=true" className={buttonClasses('secondary', 'lg', 'w-full ring-0 sm:w-auto')}>
            Create a form
            <ArrowRight className="size-5" aria-hidden />
          </Link>
        ) : (
          <>
            <Link to="/register" className={buttonClasses('secondary', 'lg', 'w-full ring-0 sm:w-auto')}>
              Start your 7-day free trial
              <ArrowRight className="size-5" aria-hidden />
            </Link>
            <Link
              to="/pricing"
              className={buttonClasses('ghost', 'lg', 'w-full text-white ring-1 ring-white/30 hover:bg-white/10 hover:text-white sm:w-auto')}
            >
              See plans and pricing
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
