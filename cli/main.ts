export async function main(argv: string[]): Promise<number> {
  console.log("cardwright", argv.join(" "));
  return 0;
}
