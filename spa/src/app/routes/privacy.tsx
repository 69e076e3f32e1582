import { Link } from 'react-router';
import { Prose } from '@/features/marketing/components/prose';
import { Canonical } from '@/features/marketing/components/canonical';
import { PublicPage } from '../layouts/public-page';

export default function PrivacyPage() {
  return (
    <PublicPage
      title="Privacy Policy"
      eyebrow="Legal"
      lead="What RaiseSpark collects from founders and from the investors who fill in their forms, why, who processes it, and how long we keep it."
    >
      <Canonical path="/privacy" />
      <Prose>
        <p className="mt-0! text-sm text-gray-600">Last updated: November 22, 2026</p>

        <h2>Who we are</h2>
        <p>
          RaiseSpark is a subscription service that helps founders raising capital under Regulation Crowdfunding build
          investor interest forms, embed them on their websites and manage the leads they receive. In this policy
          “founders” are our customers, people with a RaiseSpark account, and “investors” are people who fill in a
          founder’s form.
        </p>

        <h2>Roles: who controls which data</h2>
        <ul>
          <li>
            For <strong>founders’ account data</strong>, RaiseSpark is the controller.
          </li>
          <li>
            For <strong>investors’ answers</strong>, the founder who published the form is the controller and RaiseSpark
            processes the data on the founder’s behalf, as their processor. If you submitted a form, the founder’s own
            privacy notice applies and requests about your data are best sent to them; we will help them answer.
          </li>
        </ul>

        <h2>What we collect from founders</h2>
        <ul>
          <li>
            <strong>Account:</strong> your name, e-mail address and a password, which we store only as a salted argon2id
            hash; confirmation and sign-in records; the session cookie that keeps you signed in.
          </li>
          <li>
            <strong>Billing:</strong> your plan, trial and subscription status and invoice history. Card details are
            entered on Stripe’s pages and never reach our servers.
          </li>
          <li>
            <strong>Your content:</strong> the forms you build (questions, styling, offering details, disclaimer), your
            campaigns, documents you keep in the compliance vault, your raise-readiness checklist and your referral link
            and rewards.
          </li>
          <li>
            <strong>Attribution:</strong> the campaign parameters (utm_*), referring site and referral code present when
            you registered.
          </li>
          <li>
            <strong>Usage:</strong> service logs (requests, errors, timings) used to run, secure and improve the service,
            and a few preferences stored in your browser, such as whether the sidebar is collapsed.
          </li>
        </ul>

        <h2>What we collect from investors</h2>
        <ul>
          <li>
            <strong>Answers to a founder’s form:</strong> typically name, e-mail, phone, location, the amount you might
            invest and when, and any other question the founder asks.
          </li>
          <li>
            <strong>Approximate location</strong> (city, region, country) derived by our content delivery network from
            the connection, stored with a submitted lead.
          </li>
          <li>
            <strong>The page that embedded the form</strong> and the version of the testing-the-waters disclaimer you
            saw, kept as proof of what was shown.
          </li>
          <li>
            <strong>View counting:</strong> to count a form view once per visitor per day we keep a salted hash derived
            from the connection. We do not store raw IP addresses for views, and these records expire after 2 days.
          </li>
        </ul>
        <p>The forms never ask for payment details, and indications of interest are non-binding.</p>

        <h2>How we use data</h2>
        <ul>
          <li>To provide the service: show founders their forms, leads, dashboard and exports, and send the e-mails they ask for (new-lead alerts, campaigns).</li>
          <li>To bill subscriptions and credit referral rewards.</li>
          <li>To keep accounts secure: rate limits, abuse detection, fraud prevention.</li>
          <li>To answer support requests and send service notices (confirmation, trial and billing e-mails).</li>
        </ul>
        <p>We do not sell personal data and we do not use investors’ data for our own marketing.</p>

        <h2>Processors we use</h2>
        <table>
          <caption className="sr-only">Service providers that process personal data</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">What for</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Amazon Web Services</td>
              <td>Hosting and compute, the DynamoDB database, SES for e-mail, CloudFront for content delivery and approximate location</td>
            </tr>
            <tr>
              <td>Stripe</td>
              <td>Subscription payments, invoices and the billing portal</td>
            </tr>
            <tr>
              <td>Our AI provider</td>
              <td>The Sparky chat assistant and the AI insights panel, only when you use them; the question and the form and lead data needed to answer it are sent</td>
            </tr>
            <tr>
              <td>Meta</td>
              <td>Conversions API, only when enabled: founders’ account events (such as registration, trial start and purchase) with a hashed e-mail address and account id, the IP address and the browser’s user agent. Never investors’ data.</td>
            </tr>
          </tbody>
        </table>
        <p>Each processor handles data under a contract that limits its use to providing its service to us.</p>

        <h2>How long we keep data</h2>
        <ul>
          <li>
            <strong>Leads</strong> are kept until the founder deletes them, or deletes their account.
          </li>
          <li>
            <strong>Account data</strong> is kept while your account exists, then deleted, except what the law requires
            us to retain.
          </li>
          <li>
            <strong>View de-duplication records</strong> expire after 2 days.
          </li>
          <li>
            <strong>Payment records</strong> and invoices are kept for as long as tax and accounting law requires.
          </li>
          <li>
            <strong>Logs</strong> are kept for a limited period for security and troubleshooting.
          </li>
        </ul>

        <h2>Security</h2>
        <p>
          Traffic is encrypted with TLS. Passwords are stored as argon2id hashes, sessions use short-lived access tokens
          and HttpOnly refresh cookies, and every founder can reach only their own forms and leads. Data at rest is
          encrypted by our hosting provider. No system is perfectly secure; if a breach affects your data we will tell
          you and the authorities as the law requires.
        </p>

        <h2>Your rights</h2>
        <p>
          Depending on where you live, you may have the right to access, correct, delete or export your personal data, to
          object to or restrict some processing, and to complain to a data protection authority. Founders can edit their
          name, export their leads and delete forms and leads themselves. For anything else, contact us; we answer within
          30 days. Investors: please contact the founder whose form you filled in, or us if you cannot reach them.
        </p>

        <h2>Cookies and browser storage</h2>
        <p>
          We use a strictly necessary, HttpOnly cookie to keep you signed in, and browser storage for preferences and for
          a referral code you arrived with. We do not use advertising cookies on our own pages.
        </p>

        <h2>Children</h2>
        <p>RaiseSpark is not directed to children under 16 and we do not knowingly collect their data.</p>

        <h2>Changes</h2>
        <p>
          We will post changes here and update the date above. If a change is significant we will tell founders by e-mail
          before it takes effect.
        </p>

        <h2>Contact</h2>
        <p>
          E-mail <a href="mailto:privacy@raisespark.com">privacy@raisespark.com</a> or use our{' '}
          <Link to="/contact-us">contact form</Link>.
        </p>
      </Prose>
    </PublicPage>
  );
}
