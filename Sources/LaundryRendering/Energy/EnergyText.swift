import LaundryCore

/// Energy and money as a person reads them, in the locale's numbers: `0.81 kWh`, `0,26 EUR` (`--json` and `--csv` give
/// unrounded figures).
public enum EnergyText {
    public static func kWh(_ wattHours: Double) -> String { Numbers.fixed(wattHours / 1000, 2) + " kWh" }

    public static func cost(_ value: Double, _ currency: String?) -> String {
        Numbers.fixed(value, 2) + (currency.map { " " + $0 } ?? "")
    }
}
