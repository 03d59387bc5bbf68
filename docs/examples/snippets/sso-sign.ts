import { SignJWT } from 'jose';

const secret = new TextEncoder().encode(process.env.FEEDBACK_SSO_SECRET);
const token = await new SignJWT({ email: user.email, name: user.name })
  .setProtectedHeader({ alg: 'HS256' })
  .setSubject(String(user.id))
  .setAudience('feedback-board:1')
  .setIssuedAt()
  .setExpirationTime('5m')
  .sign(secret);
res.redirect(`https://feedback.example.com/boards/features?sso=${token}`);

// What the excerpt above takes from the application around it.
declare const user: { id: number; email: string; name: string };
declare const res: { redirect(url: string): void };
