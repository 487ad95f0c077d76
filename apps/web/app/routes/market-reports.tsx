// Placeholder until the screen is built.
export default function Page() {
  return <main>market-reports</main>;
}
