import { connection } from 'next/server';
import { ComposerView } from 'prompt-composer-react';
import { serverClient } from '../../lib/server-client';

// ComposerView renders directly in a Server Component: its static segments come sanitized in the
// server HTML (installServerSanitizer in the layout), its prompt cards with the values filled in.
export default async function ComposerPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  await connection();
  const { id = 'onboarding-flow' } = await searchParams;
  const composer = await serverClient().getComposer(id);
  return (
    <main>
      <ComposerView composer={composer} values={{ customer: { name: 'Ada', company: 'Acme' }, plan: 'Pro' }} headingLevel={1} />
    </main>
  );
}
