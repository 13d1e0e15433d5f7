//! Prints the queries of a rustc self-profile, most self time first.
//! Usage: profile-summary PATH/TO/crate-PID (the .mm_profdata file without its extension)

fn main() {
    let stem = std::env::args().nth(1).expect("usage: profile-summary PROFILE_STEM");
    let data = analyzeme::ProfilingData::new(std::path::Path::new(&stem)).expect("a profile");
    let mut results = data.perform_analysis();
    results.query_data.sort_by(|a, b| b.self_time.cmp(&a.self_time));
    println!("total {:.2} s", results.total_time.as_secs_f64());
    println!("{:>10} {:>10} {:>9}  query", "self ms", "total ms", "calls");
    for q in results.query_data.iter().take(15) {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let (s, t, n) = (ms(q.self_time), ms(q.time), q.invocation_count);
        println!("{s:>10.0} {t:>10.0} {n:>9}  {}", q.label);
    }
}
