/** Route page (filled in by its feature). */
export default function Page() {
  return null;
}
