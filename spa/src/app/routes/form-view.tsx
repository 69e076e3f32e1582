/** The public investor form. It moves to its own small entry with the public capture work. */
export default function FormViewPage() {
  return (
    <main className="flex min-h-dvh flex-1 items-center justify-center bg-white px-4 py-12">
      <title>Investor form | RaiseSpark</title>
      <p className="text-sm text-gray-600">This form is not available.</p>
    </main>
  );
}
