'P-7': {
    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'
    'Roads': "   ┌─┬─┐   \n"  # 0
             " ┌─┼─┼─┼─┐ \n"  # 1
             " │ │ │ │ │ \n"  # 2
             "╶┼─┼─┼─┼─┼╴\n"  # 3
             " │ │ │ │ │ \n"  # 4
             "╶┼─┼─┼─┼─┼╴\n"  # 5
             " │ │ │ │ │ \n"  # 6
             " └─┴─┴─┴─┘ ",   # 7
    'Trucks': [
        Truck(0, Color.Red, Dir.Right, (3, 0)),
        Truck(1, Color.Yellow, Dir.Right, (5, 0)),
        Truck(2, Color.Yellow, Dir.Left, (3, 10)),
        Truck(3, Color.Red, Dir.Left, (5, 10))
    ],
    'Items': {
        Color.Red: [(3, 1), (4, 9), (6, 7)],
        Color.Yellow: [(2, 5), (4, 1), (4, 3), (6, 1)],
    },
    'Cargos': {
        Color.Red: [(0, 6), (3, 8), (7, 8)],
        Color.Yellow: [(0, 4), (1, 2), (5, 4), (7, 2)],
    }
},
