import CGLib
import FoundationEssentials
import LaundryRendering

/// The item's face on the bus: its introspection, its properties read from the view shown, and its methods.
extension StatusNotifierItem {
    static let introspection = """
        <node><interface name="org.kde.StatusNotifierItem">
        <property name="Category" type="s" access="read"/><property name="Id" type="s" access="read"/>
        <property name="Title" type="s" access="read"/><property name="Status" type="s" access="read"/>
        <property name="WindowId" type="i" access="read"/><property name="IconName" type="s" access="read"/>
        <property name="IconPixmap" type="a(iiay)" access="read"/>
        <property name="OverlayIconName" type="s" access="read"/>
        <property name="AttentionIconName" type="s" access="read"/>
        <property name="AttentionMovieName" type="s" access="read"/>
        <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
        <property name="ItemIsMenu" type="b" access="read"/><property name="Menu" type="o" access="read"/>
        <property name="XAyatanaLabel" type="s" access="read"/>
        <property name="XAyatanaLabelGuide" type="s" access="read"/>
        <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/>
        </method>
        <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
        <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/>
        <arg name="y" type="i" direction="in"/></method>
        <method name="Scroll"><arg name="delta" type="i" direction="in"/>
        <arg name="orientation" type="s" direction="in"/></method>
        <signal name="NewTitle"/><signal name="NewIcon"/><signal name="NewAttentionIcon"/>
        <signal name="NewOverlayIcon"/><signal name="NewToolTip"/>
        <signal name="NewStatus"><arg name="status" type="s"/></signal>
        <signal name="XAyatanaNewLabel"><arg name="label" type="s"/><arg name="guide" type="s"/></signal>
        </interface></node>
        """

    nonisolated(unsafe) static let interfaceInfo: UnsafeMutablePointer<GDBusInterfaceInfo> = {
        let node = g_dbus_node_info_new_for_xml(introspection, nil)!
        return g_dbus_node_info_lookup_interface(node, interface)!
    }()

    nonisolated(unsafe) static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = { _, _, _, _, _, _, invocation, _ in
            // The item is a menu (ItemIsMenu): a click opens it, so activating it has nothing more to do.
            g_dbus_method_invocation_return_value(invocation, nil)
        }
        table.pointee.get_property = { _, _, _, _, name, _, context in
            let item = Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeUnretainedValue()
            return item.property(String(cString: name!))
        }
        return table
    }()

    private func property(_ name: String) -> OpaquePointer? {
        let shown = view ?? TrayView.nothing
        switch name {
        case "Category": return g_variant_new_string("ApplicationStatus")
        case "Id": return g_variant_new_string("laundry")
        case "Title": return g_variant_new_string(shown.tooltipTitle)
        case "Status": return g_variant_new_string(shown.status.rawValue)
        case "WindowId": return g_variant_new_int32(0)
        case "IconName": return g_variant_new_string("laundry")
        case "AttentionIconName": return g_variant_new_string("laundry-attention")
        case "OverlayIconName", "AttentionMovieName": return g_variant_new_string("")
        case "IconPixmap": return Self.noPixmaps()
        case "ToolTip":
            let parts = [
                g_variant_new_string("laundry"), Self.noPixmaps(), g_variant_new_string(shown.tooltipTitle),
                g_variant_new_string(shown.tooltipBody),
            ]
            return parts.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case "ItemIsMenu": return g_variant_new_boolean(1)
        case "Menu": return g_variant_new_object_path(menu.path)
        case "XAyatanaLabel": return g_variant_new_string(shown.label)
        case "XAyatanaLabelGuide": return g_variant_new_string(shown.labelGuide)
        default: return nil
        }
    }

    private static func noPixmaps() -> OpaquePointer? {
        let type = g_variant_type_new("(iiay)")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, nil, 0)
    }
}
