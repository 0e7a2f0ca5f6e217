import request from 'supertest';
import { registerUser, uniqueEmail } from './factories';
import type { TestApp } from './test-app';
import { bearer } from './session';

export type MemberRole = 'administrator' | 'observer';

/** Puts the account on the plan with team access, through the owner's own billing route. */
export async function upgradeToBusiness(ctx: TestApp, ownerSession: string): Promise<void> {
  await request(ctx.url).put('/api/billing/tariff').set(bearer(ownerSession)).send({ tariff: 'business' }).expect(200);
}

/** Invites `email` and returns the single-use token from the real invitation mail. */
export async function invite(
  ctx: TestApp,
  ownerSession: string,
  email: string,
  role: MemberRole,
): Promise<{ id: string; token: string }> {
  const mailsBefore = ctx.smtp.messages.length;
  const res = await request(ctx.url)
    .post('/api/team/invites')
    .set(bearer(ownerSession))
    .send({ email, role })
    .expect(201);
  const mail = await ctx.smtp.waitFor(
    (m) => m.to.includes(email.toLowerCase()) && ctx.smtp.messages.indexOf(m) >= mailsBefore,
  );
  const token = /\/team\/invites\/(bti_[0-9A-Za-z]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`No invitation link in the mail to ${email}: ${mail.text}`);
  return { id: res.body.id as string, token };
}

/** A new user who registers with the invited address and accepts: a signed-in member of the owner's team. */
export async function addMember(ctx: TestApp, ownerSession: string, role: MemberRole) {
  const email = uniqueEmail(role);
  const { token } = await invite(ctx, ownerSession, email, role);
  const member = await registerUser(ctx, email);
  await request(ctx.url).post(`/api/team/invites/${token}/accept`).set(bearer(member)).expect(200);
  return member;
}
