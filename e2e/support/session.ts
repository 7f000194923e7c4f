/** Demo accounts of the seed and helpers to sign in and out as a person would. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';

export interface DemoAccount {
  email: string;
  fullName: string;
  home: string;
  /** The heading of the role's home, as it reads on the first visit after signing in. */
  homeHeading: string;
  /** The top bar's links, in order, as the spec lists them for the role. */
  navLinks: string[];
}

export const DEMO = {
  entrepreneur: {
    email: 'entrepreneur@example.com',
    fullName: 'Ravi Kumar',
    home: '/',
    homeHeading: 'Welcome, Ravi Kumar',
    navLinks: ['Dashboard', 'My Applications', 'My plots', 'Schemes', 'Service Requests', 'Grievances', 'Profile'],
  },
  zonal_manager: {
    email: 'zonal@example.com',
    fullName: 'Lakshmi Rao',
    home: '/officer',
    homeHeading: 'Officer Dashboard',
    navLinks: ['Dashboard', 'Applications', 'Service Requests', 'Allotments', 'Schemes', 'Grievance inbox', 'Reports'],
  },
  ho: {
    email: 'ho@example.com',
    fullName: 'Suresh Reddy',
    home: '/officer',
    homeHeading: 'Officer Dashboard',
    navLinks: [
      'Dashboard',
      'Applications',
      'Service Requests',
      'Assets',
      'Allotments',
      'Schemes',
      'Appeals',
      'Grievance inbox',
      'Meetings',
      'Reports',
    ],
  },
  committee: {
    email: 'committee@example.com',
    fullName: 'Anita Sharma',
    home: '/officer',
    homeHeading: 'Officer Dashboard',
    navLinks: ['Dashboard', 'Applications', 'Allotments', 'Schemes', 'Meetings'],
  },
  legal: {
    email: 'legal@example.com',
    fullName: 'Farhan Ali',
    home: '/officer',
    homeHeading: 'Officer Dashboard',
    navLinks: ['Dashboard', 'Applications', 'Service Requests'],
  },
  finance: {
    email: 'finance@example.com',
    fullName: 'Meera Iyer',
    home: '/finance',
    homeHeading: 'Finance Dashboard',
    navLinks: [
      'Dashboard',
      'Applications',
      'Service Requests',
      'Bank statements',
      'Unmatched credits',
      'Refunds',
      'Adjustments',
      'Grievance inbox',
      'Reports',
      'Single window',
    ],
  },
  admin: {
    email: 'admin@example.com',
    fullName: 'System Administrator',
    home: '/officer',
    homeHeading: 'Officer Dashboard',
    navLinks: [
      'Dashboard',
      'Applications',
      'Service Requests',
      'Unmatched credits',
      'Refunds',
      'Adjustments',
      'Assets',
      'Allotments',
      'Schemes',
      'Appeals',
      'Grievance inbox',
      'Meetings',
      'Reports',
      'Users',
      'Audit',
      'Outbox',
      'Single window',
      'Clock',
    ],
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoRole = keyof typeof DEMO;

/** Fills the login form and waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs in as a demo role and checks the landing page is the role's home. */
export async function signInAs(page: Page, role: DemoRole): Promise<DemoAccount> {
  const account = DEMO[role];
  await signIn(page, account.email);
  await expect(page).toHaveURL(account.home);
  return account;
}

/** The top bar's main navigation landmark. */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Presses Logout and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
}

/** A unique email for a throwaway account. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
