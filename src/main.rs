fn main() {
    println!("mafia-mod");
}
