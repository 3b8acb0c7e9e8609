// Stands in for a screen that the screens issue builds; it says so plainly.
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <p>This screen is part of the next release of PurrFect Show.</p>
    </main>
  );
}
