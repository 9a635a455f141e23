import type { ReactNode } from 'react';
import './globals.css';

export const metadata = {
  title: 'ai-sdk-openai-ws with Next.js',
  description:
    'Route handler + useChat, server action, and edge forwarding over pooled WebSockets.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
