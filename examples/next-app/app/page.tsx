export default function Home() {
  return (
    <main>
      <h1>prompt-composer-react on Next.js</h1>
      <ul>
        <li><a href="/prompt">A prompt, fetched and interpolated in a Server Component</a></li>
        <li><a href="/composer">A composer rendered by ComposerView in a Server Component</a></li>
        <li><a href="/preview">ComposerPreview, prefetched on the server and hydrated</a></li>
        <li><a href="/dashboard">A client page: the prompt list and five rows that read from it</a></li>
      </ul>
    </main>
  );
}
