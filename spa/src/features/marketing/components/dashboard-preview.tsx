import { Eye, MousePointerClick, Percent, Users } from 'lucide-react';
import { TemperatureBadge } from '@/features/leads/components/temperature-badge';
import type { Temperature } from '@/features/leads/api/leads';
import { BrowserFrame } from './browser-frame';

/** Sample numbers that follow the product's own rules: conversion = leads / views, clicks = 45% of views. */
const STATS = [
  { label: 'Total Views', value: '2,480', icon: Eye, note: '+312 this week' },
  { label: 'Total Leads', value: '186', icon: Users, note: '+27 this week' },
  { label: 'Conversion Rate', value: '8%', icon: Percent, note: 'leads per view' },
  { label: 'Estimated Clicks', value: '1,116', icon: MousePointerClick, note: 'from your forms' },
];

const LEADS: { name: string; initials: string; email: string; state: string; range: string; temperature: Temperature; day: string }[] = [
  { name: 'Maya Patel', initials: 'MP', email: 'maya.patel@example.com', state: 'TX', range: '>$100K', temperature: 'hot', day: 'Mon 16th' },
  { name: 'Daniel Okafor', initials: 'DO', email: 'd.okafor@example.com', state: 'CA', range: '$25K-$50K', temperature: 'warm', day: 'Sun 15th' },
  { name: 'Grace Kim', initials: 'GK', email: 'grace.kim@example.com', state: 'NY', range: '$10K-$25K', temperature: 'warm', day: 'Sat 14th' },
  { name: 'Luis Romero', initials: 'LR', email: 'luis.r@example.com', state: 'FL', range: '<$10K', temperature: 'cold', day: 'Fri 13th' },
];

/**
 * The founder's dashboard, drawn with the app's own components and sample data: stat cards
 * and the most recent leads with their temperature.
 */
export function DashboardPreview() {
  return (
    <BrowserFrame address="raisespark.com/dashboard">
      <div className="bg-gray-50/80 p-4 sm:p-6">
        <div className="flex items-end justify-between gap-4">
          <div>
            <p className="text-lg font-semibold text-gray-900">Good morning, Alex</p>
            <p className="text-sm text-gray-600">Manage your investor forms and leads</p>
          </div>
          <span className="hidden rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white sm:inline-flex">Create Form</span>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STATS.map(({ label, value, icon: Icon, note }) => (
            <div key={label} className="rounded-xl bg-white p-3.5 shadow-sm ring-1 ring-gray-200 sm:p-4">
              <dt className="flex items-center justify-between gap-2 text-xs font-medium text-gray-600 sm:text-sm">
                {label}
                <Icon className="size-4 text-brand-600" aria-hidden />
              </dt>
              <dd className="mt-1.5 text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">{value}</dd>
              <dd className="mt-0.5 text-xs text-gray-600">{note}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
            <p className="text-sm font-semibold text-gray-900">Recent Leads</p>
            <span className="text-sm font-medium text-brand-700">View All</span>
          </div>
          <ul className="divide-y divide-gray-100">
            {LEADS.map((lead) => (
              <li key={lead.email} className="flex items-center gap-3 px-4 py-3">
                <span
                  aria-hidden
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
                >
                  {lead.initials}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900">{lead.name}</p>
                  <p className="truncate text-xs text-gray-600">{lead.email}</p>
                </div>
                <span className="hidden w-10 text-xs font-medium text-gray-600 sm:block">{lead.state}</span>
                <span className="hidden w-20 text-right text-sm font-medium text-gray-900 sm:block">{lead.range}</span>
                <TemperatureBadge value={lead.temperature} />
                <span className="hidden w-16 text-right text-xs text-gray-600 md:block">{lead.day}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </BrowserFrame>
  );
}
