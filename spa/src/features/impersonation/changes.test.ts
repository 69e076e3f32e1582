import { describe, expect, it } from 'vitest';
import { describeChange } from './changes';

describe('describeChange', () => {
  it.each([
    ['POST', '/api/forms', 201, 'Created a form'],
    ['PUT', '/api/forms/f1', 200, 'Updated a form'],
    ['DELETE', '/api/forms/f1', 200, 'Deleted a form'],
    ['POST', '/api/forms/f1/publish', 200, 'Published a form'],
    ['POST', '/api/forms/f1/unarchive', 200, 'Unarchived a form'],
    ['PATCH', '/api/leads/l1', 200, 'Updated a lead'],
    ['DELETE', '/api/leads/l1', 204, 'Deleted a lead'],
    ['PATCH', '/api/profiles/me', 200, 'Updated the profile'],
    ['PUT', '/api/raise-capital/progress/legal', 200, 'Updated a Raise Capital step'],
    ['POST', '/api/auth/signout', 204, 'Signed out'],
    ['PATCH', '/api/auth/user', 403, 'Updated account details (refused)'],
    ['POST', '/api/forms?x=1', 500, 'Created a form (refused)'],
    ['POST', '/api/new-thing/1', 200, 'Created new thing'],
    ['OPTIONS', '/api/forms', 200, 'Changed a form'],
    ['POST', '/api/check-subscription', 200, 'Checked the subscription'],
    ['POST', '/api/create-checkout-session', 403, 'Started a checkout (refused)'],
  ])('%s %s (%i) reads %s', (method, path, status, expected) => {
    expect(describeChange({ method, path, status })).toBe(expected);
  });
});
