import { ArrowRight, MessageSquare, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { openAssistant } from '@/features/assistant/open-assistant';
import { cn } from '@/lib/utils';

/**
 * The end of a Help Center page: signed-in founders ask Sparky (the widget of the root layout),
 * visitors are invited to sign up.
 */
export function AskSparkyCta({ className }: { className?: string }) {
  const { user, loading } = useAuth();
  if (loading) return <div aria-hidden className={cn('h-40 animate-pulse rounded-2xl bg-gray-100', className)} />;
  return (
    <aside
      aria-labelledby="help-cta-title"
      className={cn('relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white shadow-lg sm:p-8', className)}
    >
      <Sparkles aria-hidden className="absolute -top-6 -right-6 size-32 text-white/10" />
      {user ? (
        <>
          <h2 id="help-cta-title" className="text-xl font-semibold tracking-tight">
            Still have a question?
          </h2>
          <p className="mt-2 max-w-xl text-sm leading-6 text-brand-100">
            Sparky, your AI assistant, answers from these articles and from your own forms and leads, any time.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button onClick={openAssistant} className="bg-white text-brand-700 shadow-sm hover:bg-brand-50">
              <Sparkles className="size-4" aria-hidden />
              Ask Sparky
            </Button>
            <Link to="/dashboard" className={buttonClasses('ghost', 'md', 'text-white hover:bg-white/10 hover:text-white')}>
              Back to your dashboard
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </>
      ) : (
        <>
          <h2 id="help-cta-title" className="text-xl font-semibold tracking-tight">
            Start collecting investor interest today
          </h2>
          <p className="mt-2 max-w-xl text-sm leading-6 text-brand-100">
            Build a compliant investor form, embed it on your site and track every lead. Your first 7 days are free, and
            Sparky, our AI assistant, answers your questions along the way.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('secondary', 'md', 'text-brand-700 ring-0')}>
              Start your free trial
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/contact-us" className={buttonClasses('ghost', 'md', 'text-white hover:bg-white/10 hover:text-white')}>
              <MessageSquare className="size-4" aria-hidden />
              Contact us
            </Link>
          </div>
        </>
      )}
    </aside>
  );
}
