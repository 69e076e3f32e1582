import { Gift, Link2, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-context';
import { SectionIntro } from './section-intro';

const STEPS = [
  { icon: Link2, title: 'Share your link', text: 'Every account has a personal referral link on the Earn Rewards page.' },
  { icon: UserPlus, title: 'A founder subscribes', text: 'They sign up through your link and become a paying customer after their trial.' },
  { icon: Gift, title: 'You get a free month', text: 'One free month of your plan for each referred founder who becomes a paying customer.' },
];

export function RewardsSection() {
  const { user } = useAuth();
  return (
    <section id="rewards" aria-labelledby="rewards-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 sm:px-12 sm:py-16">
          <div aria-hidden className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-brand-500/40 blur-3xl" />
          <SectionIntro
            id="rewards-title"
            tone="dark"
            eyebrow="Rewards"
            title="Know another founder raising capital?"
            lead="Refer them to RaiseSpark. When they become a paying customer, your next month is on us."
          />
          <ol className="mx-auto mt-12 grid max-w-5xl gap-4 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/15">
                <Icon className="size-6 text-white" aria-hidden />
                <h3 className="mt-4 font-semibold text-white">{title}</h3>
                <p className="mt-1 text-sm text-brand-50">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {user ? (
              <Link to="/earn-rewards" className={buttonClasses('secondary', 'lg', 'w-full ring-0 sm:w-auto')}>
                Open Earn Rewards
              </Link>
            ) : (
              <Link to="/register" className={buttonClasses('secondary', 'lg', 'w-full ring-0 sm:w-auto')}>
                Get your referral link
              </Link>
            )}
          </div>
          <p className="mt-6 text-center text-sm text-brand-100">
            Self-referrals do not count. See the{' '}
            <Link to="/terms" className="font-semibold text-white underline underline-offset-2">
              referral terms
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
