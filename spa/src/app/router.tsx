import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import DashboardPage from './routes/dashboard';

/** A page that requires a subscription: the gate loads with the page, not before first render. */
function gated(page: Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  return Promise.all([page, import('@/features/billing/components/subscription-gate')]).then(([{ default: Page }, { SubscriptionGate }]) => ({
    default: () => (
      <SubscriptionGate>
        <Page />
      </SubscriptionGate>
    ),
  }));
}

/**
 * Every route of the spec's route table. All pages but the dashboard load on demand.
 * /form-view/{id} is its own entry (src/form-view), served as form-view.html.
 */
const Landing = lazyPage('home', () => import('./routes/landing'));
const Login = lazyPage('login', () => import('./routes/login'));
const Register = lazyPage('registration', () => import('./routes/register'));
const ForgotPassword = lazyPage('password reset', () => import('./routes/forgot-password'));
const AuthCallback = lazyPage('sign-in', () => import('./routes/auth-callback'));
const Pricing = lazyPage('pricing', () => import('./routes/pricing'));
const TestTheWaters = lazyPage('test the waters', () => import('./routes/test-the-waters'));
const CrowdfundingCosts = lazyPage('crowdfunding costs', () => import('./routes/equity-crowdfunding-costs'));
const Forms = lazyPage('forms', () => gated(import('./routes/forms')));
const FormEditor = lazyPage('form editor', () => gated(import('./routes/form-editor')));
const FormPreview = lazyPage('form preview', () => import('./routes/form-preview'));
const EmbedOptions = lazyPage('embed options', () => import('./routes/embed-options'));
const Leads = lazyPage('leads', () => import('./routes/leads'));
const LeadsImport = lazyPage('import investments', () => import('./routes/leads-import'));
const Settings = lazyPage('settings', () => import('./routes/settings'));
const Campaigns = lazyPage('campaigns', () => import('./routes/campaigns'));
const CampaignEditor = lazyPage('campaign editor', () => import('./routes/campaigns-editor'));
const CampaignResults = lazyPage('campaign results', () => import('./routes/campaigns-results'));
const ComplianceVault = lazyPage('compliance vault', () => import('./routes/compliance-vault'));
const RaiseCapital = lazyPage('raise capital', () => import('./routes/raise-capital'));
const Admin = lazyPage('admin', () => import('./routes/admin'));
const EarnRewards = lazyPage('earn rewards', () => import('./routes/earn-rewards'));
const Privacy = lazyPage('privacy policy', () => import('./routes/privacy'));
const Terms = lazyPage('terms of service', () => import('./routes/terms'));
const ContactUs = lazyPage('contact', () => import('./routes/contact-us'));
const Help = lazyPage('help center', () => import('./routes/help'));
const HelpArticle = lazyPage('help article', () => import('./routes/help-article'));
const Unsubscribe = lazyPage('unsubscribe', () => import('./routes/unsubscribe'));
const Invite = lazyPage('invitation', () => import('./routes/invite'));
const Reviews = lazyPage('reviews', () => import('./routes/reviews'));
const NotFound = lazyPage('not found', () => import('./routes/not-found'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/login', element: <Login /> },
      { path: '/register', element: <Register /> },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/auth/callback', element: <AuthCallback /> },
      { path: '/pricing', element: <Pricing /> },
      { path: '/test-the-waters', element: <TestTheWaters /> },
      { path: '/equity-crowdfunding-costs', element: <CrowdfundingCosts /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/forms', element: <Forms /> },
      { path: '/forms/:formId', element: <FormEditor /> },
      { path: '/form-preview/:formId', element: <FormPreview /> },
      { path: '/embed-options/:formId', element: <EmbedOptions /> },
      { path: '/leads', element: <Leads /> },
      { path: '/leads/import', element: <LeadsImport /> },
      { path: '/settings', element: <Settings /> },
      { path: '/campaigns', element: <Campaigns /> },
      { path: '/campaigns/:campaignId', element: <CampaignEditor /> },
      { path: '/campaigns/:campaignId/results', element: <CampaignResults /> },
      { path: '/compliance-vault', element: <ComplianceVault /> },
      { path: '/raise-capital', element: <RaiseCapital /> },
      { path: '/admin', element: <Admin /> },
      { path: '/earn-rewards', element: <EarnRewards /> },
      { path: '/privacy', element: <Privacy /> },
      { path: '/terms', element: <Terms /> },
      { path: '/contact-us', element: <ContactUs /> },
      { path: '/help', element: <Help /> },
      { path: '/help/:slug', element: <HelpArticle /> },
      { path: '/unsubscribe/:token', element: <Unsubscribe /> },
      { path: '/invite', element: <Invite /> },
      { path: '/reviews', element: <Reviews /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
