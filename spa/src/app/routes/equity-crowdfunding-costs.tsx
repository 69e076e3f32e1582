import { Link } from 'react-router';
import { CostEstimator } from '@/features/marketing/components/cost-estimator';
import { CtaPanel } from '@/features/marketing/components/cta-panel';
import { Callout, Prose } from '@/features/marketing/components/prose';
import { Canonical } from '@/features/marketing/components/canonical';
import { PublicPage } from '../layouts/public-page';

export default function EquityCrowdfundingCostsPage() {
  return (
    <PublicPage
      title="What Does an Equity Crowdfunding Raise Cost?"
      eyebrow="Founder guide"
      lead="Portal fees, legal, accounting, Form C and marketing: the cost lines of a Reg CF raise, and an estimator that itemises them for the amount you plan to raise."
    >
      <Canonical path="/equity-crowdfunding-costs" />
      <CostEstimator />

      <Prose className="mt-16">
        <h2>The cost lines of a Reg CF raise</h2>
        <p>
          Most of what a Regulation Crowdfunding raise costs is either a percentage of what you raise or a fixed fee that
          steps up with the size of the raise. These are the lines to budget for.
        </p>

        <h3>Funding portal fees</h3>
        <p>
          Every Reg CF offering runs on a single intermediary: a registered funding portal or broker-dealer. Portals
          typically charge a success fee of about 5–8% of the funds raised, and some also take an equity fee of around
          1–2% in the same securities your investors buy, plus onboarding, due-diligence or payment-processing charges.
          Read the fee schedule before you choose.
        </p>

        <h3>Legal: preparing Form C</h3>
        <p>
          Form C discloses your business, risks, team, capital structure, use of proceeds and the terms of the offering. A
          securities lawyer usually drafts or reviews it, along with your subscription agreement and the security itself
          (a SAFE, convertible note, preferred or common stock, or revenue share).
        </p>

        <h3>Accounting: financial statements by raise size</h3>
        <p>
          Regulation Crowdfunding sets the level of assurance your financial statements need from the amount you are
          raising in the offering, together with what you sold under Reg CF in the previous 12 months:
        </p>
        <table>
          <caption className="sr-only">Financial statement requirements by raise size</caption>
          <thead>
            <tr>
              <th scope="col">Amount raised in 12 months</th>
              <th scope="col">Financial statements</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Up to $124,000</td>
              <td>Certified by the principal executive officer, with certain tax return information</td>
            </tr>
            <tr>
              <td>$124,000 to $618,000</td>
              <td>Reviewed by an independent CPA</td>
            </tr>
            <tr>
              <td>$618,000 to $1,235,000</td>
              <td>Reviewed by an independent CPA for first-time Reg CF issuers; audited otherwise</td>
            </tr>
            <tr>
              <td>Over $1,235,000 (up to $5,000,000)</td>
              <td>Audited by an independent CPA</td>
            </tr>
          </tbody>
        </table>
        <p>
          If audited statements are already available, you must provide them whatever the size of the raise. A review
          costs far less than an audit, which is why many first raises stay under the review thresholds.
        </p>

        <h3>Form C filing and EDGAR</h3>
        <p>
          Form C is filed on the SEC’s EDGAR system. The SEC charges no filing fee, but you need EDGAR access codes, and
          many issuers pay a filing agent to format and submit Form C, its amendments and the progress updates. After a
          successful raise you also file an annual report (Form C-AR) each year until you qualify to stop.
        </p>

        <h3>Escrow and transfer agent</h3>
        <p>
          Investor funds are held by a qualified third party until the offering closes, which some portals charge for
          separately. Many issuers also appoint a registered transfer agent to keep the records of their crowd investors;
          it is one of the conditions for leaving Reg CF holders out of the SEC’s Section 12(g) holder count.
        </p>

        <h3>Marketing</h3>
        <p>
          The campaign video, photography, pitch page copy, ads and e-mail outreach usually decide whether a raise
          succeeds. Founders who test the waters first spend less here because they launch to a list of investors who
          already said they are interested.
        </p>
      </Prose>

      <Callout title="General information, not advice" tone="amber">
        <p className="text-sm">
          The estimator uses typical market ranges for planning. Get quotes from your funding portal, lawyer and
          accountant before you commit to a budget. Read{' '}
          <Link to="/test-the-waters" className="font-medium text-brand-700 underline underline-offset-2">
            what you may do while testing the waters
          </Link>
          .
        </p>
      </Callout>

      <CtaPanel
        title="Lower your cost per dollar raised"
        text="Capture indications of interest before you file, and launch to investors who are ready, with a 7-day free trial."
      />
    </PublicPage>
  );
}
