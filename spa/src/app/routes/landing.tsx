import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { Canonical } from '@/features/marketing/components/canonical';
import { FaqSection } from '@/features/marketing/components/faq-section';
import { FeaturesSection } from '@/features/marketing/components/features-section';
import { FinalCta } from '@/features/marketing/components/final-cta';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { PricingSection } from '@/features/marketing/components/pricing-section';
import { RewardsSection } from '@/features/marketing/components/rewards-section';
import { useLandingShellHandoff, useScrollToHashOnMount } from '@/features/marketing/landing-shell';
import { PublicFooter } from '../layouts/public-footer';

/** The sections under the hero, in page order. */
const BELOW_THE_FOLD: ComponentType[] = [HowItWorks, FeaturesSection, PricingSection, FaqSection, RewardsSection, FinalCta];

/** Mounted last: a deep link (/#faq) can only be followed once every section exists. */
function ScrollToHash() {
  useScrollToHashOnMount();
  return null;
}

/**
 * Mounts the sections under the hero one per task, after the hero has painted, so a phone's
 * main thread is never blocked by one long render of the whole page.
 */
function useProgressiveCount(total: number) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((current) => current + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return count;
}

/** The marketing landing page; its section ids are the header's anchors (spec 2). */
export default function LandingPage() {
  useLandingShellHandoff();
  const mounted = useProgressiveCount(BELOW_THE_FOLD.length);
  const complete = mounted === BELOW_THE_FOLD.length;
  return (
    <>
      <title>RaiseSpark — Capture investor interest for your Reg CF raise</title>
      <Canonical path="/" />
      <main>
        <Hero />
        {BELOW_THE_FOLD.slice(0, mounted).map((Section, index) => (
          <Section key={index} />
        ))}
      </main>
      {complete ? (
        <>
          <PublicFooter />
          <ScrollToHash />
        </>
      ) : null}
    </>
  );
}
