import { Link } from 'react-router';
import { Prose } from '@/features/marketing/components/prose';
import { Canonical } from '@/features/marketing/components/canonical';
import { PublicPage } from '../layouts/public-page';

export default function TermsPage() {
  return (
    <PublicPage
      title="Terms of Service"
      eyebrow="Legal"
      lead="The agreement between you and RaiseSpark when you use the service: subscriptions, acceptable use, referral rewards and our responsibilities."
    >
      <Canonical path="/terms" />
      <Prose>
        <p className="mt-0! text-sm text-gray-600">Last updated: November 22, 2026</p>

        <h2>1. The agreement</h2>
        <p>
          These terms apply when you create a RaiseSpark account or use the service. If you use RaiseSpark for a company,
          you accept them on its behalf and confirm you may do so. Our <Link to="/privacy">Privacy Policy</Link> explains
          how we handle personal data.
        </p>

        <h2>2. What RaiseSpark is, and is not</h2>
        <p>
          RaiseSpark is software for building investor interest forms, embedding them on your website, and managing the
          indications of interest you receive, with campaigns, a compliance vault and related tools.
        </p>
        <p>
          <strong>
            RaiseSpark is not a broker-dealer, funding portal, investment adviser or law firm, and does not offer, sell or
            recommend securities.
          </strong>{' '}
          Nothing in the service is legal, tax or investment advice. Guides such as our testing-the-waters page are general
          information.
        </p>

        <h2>3. Accounts</h2>
        <p>
          Give accurate information, keep your password secret and tell us promptly about any unauthorised use. You are
          responsible for what happens under your account. You must be at least 18.
        </p>

        <h2>4. Subscriptions, trial and plans</h2>
        <ul>
          <li>
            RaiseSpark is sold by monthly subscription. The plans, their features and prices are shown on the{' '}
            <Link to="/pricing">pricing page</Link>, in US dollars, plus any applicable taxes.
          </li>
          <li>
            New subscriptions start with a <strong>7-day free trial</strong>. Unless you cancel before the trial ends, the
            subscription starts and your payment method is charged for the first month.
          </li>
          <li>Subscriptions renew each month until cancelled. Payments are processed by Stripe.</li>
          <li>
            You can change plans at any time; a change takes effect as shown when you confirm it. We may change prices
            with at least 30 days’ notice by e-mail; the new price applies from your next renewal after the notice.
          </li>
          <li>Discounts offered to you (for example a lifetime discount) apply only as described in the offer.</li>
        </ul>

        <h2>5. Cancellation and refunds</h2>
        <p>
          Cancel at any time from the billing portal, reached from Settings. Cancellation takes effect at the end of the
          current trial or billing period, and you keep access until then. Fees already paid are not refunded except where
          the law requires. If a payment fails we may suspend paid features until it succeeds.
        </p>

        <h2>6. Your responsibilities as an issuer</h2>
        <ul>
          <li>
            You are responsible for complying with Regulation Crowdfunding and all other securities laws that apply to you,
            including Rule 206 when you test the waters and Rule 204 once your Form C is filed.
          </li>
          <li>
            Keep the testing-the-waters disclaimer on your forms accurate for your offering. You may reword it; you are
            responsible for the wording you publish.
          </li>
          <li>
            File the materials you use to test the waters as your Form C requires. Investments must happen only through
            your intermediary’s platform.
          </li>
          <li>
            You are the controller of the personal data your investors submit, must have a lawful basis to collect it and
            must give them any notice the law requires.
          </li>
        </ul>

        <h2>7. Acceptable use</h2>
        <p>You may not use RaiseSpark to:</p>
        <ul>
          <li>
            offer or sell securities, accept money, deposits or binding commitments, or collect payment details through
            forms;
          </li>
          <li>publish false or misleading statements about an offering or your company;</li>
          <li>send unsolicited bulk e-mail or campaigns to people who did not give you their contact details;</li>
          <li>collect sensitive data you do not need, such as government ID or bank account numbers;</li>
          <li>break the law, infringe others’ rights, or distribute malware;</li>
          <li>probe, overload or circumvent the security or rate limits of the service, or resell it without our consent.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules, and tell you why unless the law prevents it.</p>

        <h2>8. Referral rewards</h2>
        <ul>
          <li>Each account has a personal referral link on its Earn Rewards page.</li>
          <li>
            You earn <strong>one free month of your current plan</strong> for each founder who signs up through your link
            and becomes a paying customer, credited when their first paid invoice is confirmed.
          </li>
          <li>
            <strong>No self-referral:</strong> referring yourself, your own other accounts or accounts you control does not
            earn rewards. A referral counts once, for a new account only.
          </li>
          <li>
            Rewards have no cash value, cannot be transferred and lapse if your account is closed. We may withhold or
            reverse rewards obtained by fraud or abuse, and may change or end the programme with notice; rewards already
            earned are kept.
          </li>
        </ul>

        <h2>9. Your content</h2>
        <p>
          Your forms, leads and other content remain yours. You give us the permission we need to host, display and
          process them to provide the service. You can export leads and delete your content at any time.
        </p>

        <h2>10. Availability and changes</h2>
        <p>
          We work to keep RaiseSpark available and secure, but the service is provided “as is” and may occasionally be
          interrupted for maintenance or by events outside our control. We may improve or change features; we will not
          materially reduce the core features of a paid plan during a billing period you have paid for.
        </p>

        <h2>11. Liability</h2>
        <p>
          To the extent the law allows, RaiseSpark is not liable for indirect, incidental, special or consequential
          damages, lost profits or lost capital raised, or for the outcome of your offering. Our total liability for any
          claim is limited to the fees you paid us in the 12 months before the claim. Nothing in these terms limits
          liability that cannot be limited by law.
        </p>
        <p>
          You will indemnify RaiseSpark against claims arising from your offering, your communications with investors or
          your breach of these terms.
        </p>

        <h2>12. Ending the agreement</h2>
        <p>
          You can stop using RaiseSpark and delete your account at any time. We may end or suspend your account for a
          serious or repeated breach of these terms. Sections that by their nature should survive (such as liability and
          governing law) continue to apply.
        </p>

        <h2>13. Governing law</h2>
        <p>
          These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict-of-laws rules.
          The state and federal courts located in Delaware have exclusive jurisdiction, except where consumer protection
          law gives you the right to bring a claim where you live.
        </p>

        <h2>14. Changes to these terms</h2>
        <p>
          We will post changes here and update the date above, and e-mail you about material changes at least 30 days
          before they apply. Continuing to use the service after that means you accept the new terms.
        </p>

        <h2>15. Contact</h2>
        <p>
          Questions about these terms? Use our <Link to="/contact-us">contact form</Link> or e-mail{' '}
          <a href="mailto:support@raisespark.com">support@raisespark.com</a>.
        </p>
      </Prose>
    </PublicPage>
  );
}
